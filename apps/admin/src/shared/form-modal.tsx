import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useAction } from './use-action';

interface FormModalProps<Values> {
  title: ReactNode;
  open: boolean;
  /** The form starts from these each time the dialog opens. */
  initialValues?: Partial<Values>;
  /** Gets the validated values; the dialog closes when it resolves and shows the error when it rejects. */
  onSubmit: (values: Values) => Promise<unknown>;
  /** Success toast. */
  done?: string;
  /** After a successful save, once the dialog is closed (usually a reload). */
  onDone?: () => void;
  onClose: () => void;
  okText?: string;
  /** The form's name, which prefixes its fields' ids. */
  name?: string;
  /** Only when the page needs the form itself (e.g. Form.useWatch). */
  form?: FormInstance<Values>;
  children: ReactNode;
}

/** A dialog with a vertical form: validates, saves with a busy OK button, closes on success. */
export function FormModal<Values>({
  title,
  open,
  initialValues,
  onSubmit,
  done,
  onDone,
  onClose,
  okText = '保存',
  name,
  form: givenForm,
  children,
}: FormModalProps<Values>) {
  const [form] = Form.useForm<Values>(givenForm);
  const { run, busy } = useAction();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening: `initialValues` is a new object on every render of the page
  }, [open, form]);

  const submit = async () => {
    // A rejected validation is shown by the form itself.
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    if (!(await run(() => onSubmit(values), done))) return;
    onClose();
    onDone?.();
  };

  return (
    <Modal
      title={title}
      open={open}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={okText}
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} name={name} layout="vertical">
        {children}
      </Form>
    </Modal>
  );
}
