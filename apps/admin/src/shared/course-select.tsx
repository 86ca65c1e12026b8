import { useState } from 'react';
import { Select } from 'antd';
import { api } from './http';
import { useLoad } from './use-load';

/**
 * A form control choosing one course (or several with `mode="multiple"`), searched by title on the
 * server.
 */
export function CourseSelect({
  value,
  onChange,
  mode,
}: {
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  mode?: 'multiple';
}) {
  const [keyword, setKeyword] = useState('');
  const courses = useLoad(
    () =>
      api<{ data: { id: number; title: string }[] }>('GET', '/api/admin/courses', {
        query: { keyword, page_size: 20 },
      }),
    keyword,
  );
  return (
    <Select
      aria-label="课程"
      showSearch
      mode={mode}
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setKeyword}
      placeholder="输入课程名称搜索"
      loading={courses.loading}
      notFoundContent={courses.error ? courses.error.message : undefined}
      options={(courses.data?.data ?? []).map((course) => ({ value: course.id, label: course.title }))}
    />
  );
}
