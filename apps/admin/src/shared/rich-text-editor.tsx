import { useMemo, useRef, useState } from 'react';
import { Input, Modal } from 'antd';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';

interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['clean'],
];
const FORMATS = ['header', 'bold', 'italic', 'list', 'link', 'image'];

/**
 * Rich text for the console's HTML fields (course descriptions, agreements). Images are inserted
 * by address only (never embedded as data URLs); the server sanitises whatever HTML arrives when
 * it is saved. Load it lazily: Quill is large.
 */
export default function RichTextEditor({ id, value, onChange, disabled, placeholder }: RichTextEditorProps) {
  const quill = useRef<ReactQuill>(null);
  const [asking, setAsking] = useState(false);
  const [address, setAddress] = useState('');
  const modules = useMemo(
    () => ({ toolbar: { container: TOOLBAR, handlers: { image: () => setAsking(true) } } }),
    [],
  );

  const insertImage = () => {
    const editor = quill.current?.getEditor();
    const src = address.trim();
    if (editor && /^(https?:\/\/|\/)/.test(src)) {
      const at = editor.getSelection(true)?.index ?? editor.getLength();
      editor.insertEmbed(at, 'image', src, 'user');
      editor.setSelection(at + 1, 0);
    }
    setAddress('');
    setAsking(false);
  };

  return (
    <>
      <ReactQuill
        ref={quill}
        id={id}
        theme="snow"
        value={value ?? ''}
        onChange={(html) => onChange?.(html === '<p></p>' ? '' : html)}
        readOnly={disabled}
        modules={modules}
        formats={FORMATS}
        placeholder={placeholder}
      />
      <Modal
        title="插入图片"
        open={asking}
        okText="插入"
        cancelText="取消"
        onOk={insertImage}
        onCancel={() => setAsking(false)}
        okButtonProps={{ disabled: !/^(https?:\/\/|\/)/.test(address.trim()) }}
        destroyOnHidden
      >
        <Input
          aria-label="图片地址"
          placeholder="https://… 或 /storage/…"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onPressEnter={insertImage}
          autoFocus
        />
      </Modal>
    </>
  );
}
