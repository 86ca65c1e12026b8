import { describe, expect, it } from 'vitest';
import { laravelPage } from './pagination';

const labels = (page: number, total: number) =>
  laravelPage({ path: 'api/v2/x', page, perPage: 1, total, items: [1] }).links.map((l) => l.label);

describe('laravelPage', () => {
  it('lists every page when there are few, with prev/next labels', () => {
    expect(labels(2, 3)).toEqual(['&laquo; 上一页', '1', '2', '3', '下一页 &raquo;']);
  });

  it('windows long page lists like Laravel (3 on each side, ends kept)', () => {
    expect(labels(1, 30).slice(1, -1)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '...',
      '29',
      '30',
    ]);
    expect(labels(15, 30).slice(1, -1)).toEqual([
      '1',
      '2',
      '...',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
      '18',
      '...',
      '29',
      '30',
    ]);
    expect(labels(30, 30).slice(1, -1)).toEqual([
      '1',
      '2',
      '...',
      '21',
      '22',
      '23',
      '24',
      '25',
      '26',
      '27',
      '28',
      '29',
      '30',
    ]);
  });

  it('answers an empty first page with nulls where Laravel has them', () => {
    expect(laravelPage({ path: 'p', page: 1, perPage: 10, total: 0, items: [] })).toMatchObject({
      from: null,
      to: null,
      last_page: 1,
      next_page_url: null,
      prev_page_url: null,
      first_page_url: 'p?page=1',
    });
  });
});
