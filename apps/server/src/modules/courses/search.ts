import type { SearchItem, SearchResult } from '@kezhan/contract/courses';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../shared/db/database';
import { isoTimestamp } from '../../shared/time';
import { htmlToText } from './serialize';
import { fenToYuan } from '../../shared/money';

const MAX_TERMS = 5;
const SNIPPET_CHARS = 100;

/** Keywords split on spaces; Chinese has no word boundaries, so each term is matched as a substring. */
export const searchTerms = (keywords: string) =>
  [...new Set(keywords.split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Plain text that stays inert even where a client renders it as HTML. */
const inert = (text: string) => htmlToText(text).replace(/[<>]/g, '');

function snippet(shortDesc: string, desc: string, terms: string[]): string {
  const lower = (s: string) => s.toLowerCase();
  if (terms.some((t) => lower(shortDesc).includes(lower(t)))) return shortDesc;
  for (const term of terms) {
    const at = lower(desc).indexOf(lower(term));
    if (at < 0) continue;
    const start = Math.max(0, at - Math.floor((SNIPPET_CHARS - term.length) / 2));
    const chars = [...desc.slice(start)];
    const cut = chars.slice(0, SNIPPET_CHARS).join('');
    return `${start > 0 ? '...' : ''}${cut}${chars.length > SNIPPET_CHARS ? '...' : ''}`;
  }
  return '';
}

const allMatch = (column: RawBuilder<unknown>, terms: string[]) =>
  sql.join(
    terms.map((term) => sql`${column} ilike ${likePattern(term)}`),
    sql` and `,
  );

/**
 * `GET /api/v3/search`: courses on the lists (title, summary, description) and their visible
 * videos (title). Every term must match; titles holding the whole phrase rank first, then
 * trigram word similarity to the title, then the newest.
 */
export async function search(
  db: Db,
  now: Date,
  input: { keywords: string; type: string; page: number; size: number },
): Promise<SearchResult> {
  const terms = searchTerms(input.keywords);
  const wantCourses = input.type === '' || input.type === 'vod';
  const wantVideos = input.type === '' || input.type === 'video';
  if (terms.length === 0 || (!wantCourses && !wantVideos)) return { data: [], total: 0 };
  const phrase = likePattern(input.keywords.trim());

  const courseHits = sql`
    select 'vod' as resource_type, c.id as resource_id, c.title, c.thumb, c.short_description as short_desc,
      c.charge, c.render_desc as "desc", c.created_at, c.updated_at, c.published_at,
      (case when c.title ilike ${phrase} then 2 else 0 end) + word_similarity(${input.keywords}, c.title) as score
    from courses c
    where c.is_show = 1 and c.deleted_at is null and c.published_at <= ${now}
      and ${allMatch(sql`c.search_text`, terms)}`;
  const videoHits = sql`
    select 'video' as resource_type, v.id as resource_id, v.title, c.thumb, '' as short_desc,
      v.charge, null as "desc", v.created_at, v.updated_at, v.published_at,
      (case when v.title ilike ${phrase} then 2 else 0 end) + word_similarity(${input.keywords}, v.title) as score
    from videos v join courses c on c.id = v.course_id
    where v.is_show = 1 and v.published_at <= ${now}
      and c.is_show = 1 and c.deleted_at is null and c.published_at <= ${now}
      and ${allMatch(sql`v.title`, terms)}`;
  const hits = [wantCourses ? courseHits : null, wantVideos ? videoHits : null].filter(
    (part): part is RawBuilder<unknown> => part !== null,
  );
  const union = sql.join(hits, sql` union all `);

  const { rows: countRows } = await sql<{
    total: number;
  }>`select count(*)::int as total from (${union}) hits`.execute(db);
  const { rows } = await sql<{
    resource_type: 'vod' | 'video';
    resource_id: number;
    title: string;
    thumb: string;
    short_desc: string;
    charge: number;
    desc: string | null;
    created_at: Date;
    updated_at: Date;
  }>`select * from (${union}) hits
     order by score desc, published_at desc, resource_type, resource_id desc
     limit ${input.size} offset ${(input.page - 1) * input.size}`.execute(db);

  return {
    total: countRows[0]?.total ?? 0,
    data: rows.map((row): SearchItem => {
      const shortDesc = inert(row.short_desc);
      const desc = row.desc === null ? null : inert(row.desc);
      return {
        id: row.resource_id,
        resource_type: row.resource_type,
        resource_id: row.resource_id,
        title: inert(row.title),
        thumb: row.thumb,
        short_desc: shortDesc,
        charge: fenToYuan(row.charge),
        desc,
        created_at: isoTimestamp(row.created_at)!,
        updated_at: isoTimestamp(row.updated_at)!,
        p: snippet(shortDesc, desc ?? '', terms),
      };
    }),
  };
}
