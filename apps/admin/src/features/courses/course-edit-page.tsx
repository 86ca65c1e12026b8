import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router-dom';
import { useSession } from '@/shared/session';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { categoryOptions, useCategories } from '@/shared/categories';
import { CourseAttachments } from './course-attachments';
import { CourseContent } from './course-content';
import { CoverField } from './cover-field';

const DescriptionEditor = lazy(() => import('@/shared/rich-text-editor'));

/** The rich-text editor is fetched only when this page shows it. */
function LazyDescriptionEditor(props: ComponentProps<typeof DescriptionEditor>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <DescriptionEditor placeholder="课程详情" {...props} />
    </Suspense>
  );
}
import { createCourse, getCourse, updateCourse, type CourseDetail } from './api';
import { yuanRule } from '@/shared/money-rule';

interface CourseForm {
  title: string;
  slug: string;
  category_id: number;
  charge: number;
  is_vip_free: boolean;
  is_show: boolean;
  published_at: Dayjs | null;
  thumb: string;
  short_description: string;
  render_desc: string;
}

const toForm = (course: CourseDetail): CourseForm => ({
  title: course.title,
  slug: course.slug,
  category_id: course.category_id,
  charge: course.charge,
  is_vip_free: course.is_vip_free === 1,
  is_show: course.is_show === 1,
  published_at: course.published_at ? dayjs(course.published_at) : null,
  thumb: course.thumb,
  short_description: course.short_description,
  render_desc: course.render_desc,
});

const EMPTY: Partial<CourseForm> = { charge: 0, is_vip_free: false, is_show: false, published_at: null };

export default function CourseEditPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const navigate = useNavigate();
  const canEdit = useSession().can('course.edit');
  const [form] = Form.useForm<CourseForm>();
  const { run, busy: saving } = useAction();
  const course = useLoad(() => (id ? getCourse(id) : Promise.resolve(undefined)), String(id));
  const categories = useCategories();

  useEffect(() => {
    if (course.data) form.setFieldsValue(toForm(course.data));
  }, [course.data, form]);

  if (course.error) return <LoadError error={course.error} onRetry={course.reload} />;
  if (course.loading && id) return <PageLoading />;

  const save = async (values: CourseForm) => {
    const body = {
      ...values,
      thumb: values.thumb ?? '',
      short_description: values.short_description ?? '',
      render_desc: values.render_desc ?? '',
      is_vip_free: values.is_vip_free ? 1 : 0,
      is_show: values.is_show ? 1 : 0,
      published_at: values.published_at ? values.published_at.toISOString() : null,
    };
    if (id) {
      if (await run(() => updateCourse(id, body), '已保存')) course.reload();
      return;
    }
    let created: { id: number } | undefined;
    const ok = await run(async () => {
      created = await createCourse(body);
    }, '课程已创建');
    if (ok && created) navigate(`/courses/${created.id}`, { replace: true });
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {id ? (canEdit ? '编辑课程' : '查看课程') : '新建课程'}
      </Typography.Title>
      {!canEdit && <Alert type="info" showIcon message="你的角色只能查看课程，不能修改。" />}
      <Card>
        <Form<CourseForm>
          name="course"
          form={form}
          layout="vertical"
          initialValues={EMPTY}
          onFinish={save}
          disabled={!canEdit}
          scrollToFirstError
        >
          <Form.Item
            label="课程名称"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请输入课程名称' }, { max: 120 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            label="链接标识"
            name="slug"
            extra="用于课程地址和导入导出，只能包含小写字母、数字和短横线"
            rules={[
              { required: true, message: '请输入链接标识' },
              { pattern: /^[a-z0-9][a-z0-9-]{0,118}$/, message: '链接标识只能包含小写字母、数字和短横线' },
            ]}
          >
            <Input />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item label="分类" name="category_id" rules={[{ required: true, message: '请选择分类' }]}>
              <Select
                style={{ width: 220 }}
                loading={categories.loading}
                options={categoryOptions(categories)}
              />
            </Form.Item>
            <Form.Item
              label="价格（元，0 为免费）"
              name="charge"
              rules={[{ required: true, message: '请输入价格' }, yuanRule('价格')]}
            >
              <InputNumber min={0} max={1_000_000} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="会员免费" name="is_vip_free" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="上架" name="is_show" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="上架时间（空为上架时）" name="published_at">
              <DatePicker showTime />
            </Form.Item>
          </Space>
          <Form.Item label="封面" name="thumb">
            <CoverField />
          </Form.Item>
          <Form.Item label="简介" name="short_description" rules={[{ max: 255, message: '简介最多 255 字' }]}>
            <Input.TextArea rows={2} showCount maxLength={255} />
          </Form.Item>
          <Form.Item label="详情" name="render_desc" extra="保存时去除脚本和事件属性">
            <LazyDescriptionEditor disabled={!canEdit} />
          </Form.Item>
          {canEdit && (
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                保存
              </Button>
              <Button onClick={() => navigate('/courses')}>返回列表</Button>
            </Space>
          )}
        </Form>
      </Card>
      {course.data && <CourseContent course={course.data} canEdit={canEdit} onChanged={course.reload} />}
      {course.data && <CourseAttachments courseId={course.data.id} canEdit={canEdit} />}
    </Space>
  );
}
