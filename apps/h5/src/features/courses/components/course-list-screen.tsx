import type { CourseCategory, CourseListItem } from '@kezhan/contract/courses';
import { useMemo, useState } from 'react';
import type { PagedList } from '@/shared/hooks/use-paged-list';
import { NavHeader } from '@/shared/layout/nav-header';
import { CourseItem } from '@/shared/ui/course-item';
import { EmptyState } from '@/shared/ui/list-states';
import { RefreshablePagedList } from '@/shared/ui/paged-list-view';

const SCENES = [
  { key: '', label: '全部' },
  { key: 'free', label: '免费' },
];

interface FilterOption {
  id: number;
  label: string;
  child: boolean;
}

/** `全部`, then every category with its children right after it (indented by the menu). */
export function categoryOptions(categories: CourseCategory[]): FilterOption[] {
  const options: FilterOption[] = [{ id: 0, label: '全部', child: false }];
  for (const parent of categories) {
    options.push({ id: parent.id, label: parent.name, child: false });
    for (const child of parent.children ?? []) options.push({ id: child.id, label: child.name, child: true });
  }
  return options;
}

export interface CourseListScreenProps {
  categories: CourseCategory[];
  categoryId: number;
  scene: '' | 'free';
  list: PagedList<CourseListItem>;
  onFilter: (next: { category_id?: number; scene?: string }) => void;
}

/**
 * The course list (录播课程) as the visitor sees it: scene tabs, the category filter and the rows.
 * The server draws its first screen from the same component (src/first-screen).
 */
export function CourseListScreen({ categories, categoryId, scene, list, onFilter }: CourseListScreenProps) {
  const [filterOpen, setFilterOpen] = useState(false);
  const options = useMemo(() => categoryOptions(categories), [categories]);

  const filterButton = (
    <button
      type="button"
      className={categoryId ? 'kz-filter-toggle kz-filter-toggle--on' : 'kz-filter-toggle'}
      aria-expanded={filterOpen}
      onClick={() => setFilterOpen((o) => !o)}
    >
      筛选
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          d="M3 5h18l-7 8v6l-4 2v-8z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );

  return (
    <div className="kz-course-list-page">
      <NavHeader title="录播课程" right={filterButton} noBorder />
      <div className="kz-scene-tabs" role="tablist" aria-label="课程范围">
        {SCENES.map((s) => (
          <button
            key={s.key || 'all'}
            type="button"
            role="tab"
            aria-selected={scene === s.key}
            className={scene === s.key ? 'kz-scene-tab kz-scene-tab--active' : 'kz-scene-tab'}
            onClick={() => onFilter({ scene: s.key })}
          >
            {s.label}
          </button>
        ))}
      </div>

      {filterOpen ? (
        <>
          <div className="kz-filter-mask" onClick={() => setFilterOpen(false)} aria-hidden="true" />
          <div className="kz-filter-panel" role="menu" aria-label="课程分类">
            {options.map((o) => (
              <button
                key={o.id}
                type="button"
                role="menuitemradio"
                aria-checked={o.id === categoryId}
                className={[
                  'kz-filter-option',
                  o.child ? 'kz-filter-option--child' : '',
                  o.id === categoryId ? 'kz-filter-option--active' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => {
                  setFilterOpen(false);
                  onFilter({ category_id: o.id });
                }}
              >
                {o.label}
              </button>
            ))}
          </div>
        </>
      ) : null}

      <div className="kz-course-list-body">
        <RefreshablePagedList
          list={list}
          className="kz-course-rows"
          rowKey={(course) => course.id}
          renderRow={(course) => <CourseItem course={course} />}
          empty={<EmptyState text={scene === 'free' || categoryId ? '该分类下暂无课程' : '暂无课程'} />}
        />
      </div>
    </div>
  );
}
