import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@kezhan/contract/admin/audit-actions';

const SOURCES = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of a call from its opening parenthesis to the one that closes it. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    if (source[i] === ')' && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** The expression after `action:` in an object, up to the comma or brace that ends it. */
function propertyValue(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if ('([{'.includes(char)) depth += 1;
    if (')]}'.includes(char)) {
      if (depth === 0) return text.slice(start, i);
      depth -= 1;
    }
    if (char === ',' && depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

const literals = (text: string) => [...text.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)].map((match) => match[1]);

/** The initializer of `const <name> =` in the file, up to the statement's end. */
function constantText(source: string, name: string): string {
  const start = source.search(new RegExp(`const ${name}\\b[^=]*=`));
  if (start < 0) return '';
  const end = source.indexOf(';', start);
  return source.slice(start, end < 0 ? undefined : end);
}

/**
 * Every action passed to `audit()` / `writeAudit()` in the server's sources, with where: a literal
 * (`action: 'course.update'`), the literals of an expression (`disable ? 'a.b' : 'a.c'`), or those
 * of the constant it names (`{ action, … }` after `const action = …`, a table of actions).
 */
function writtenActions(): { action: string; file: string }[] {
  const found: { action: string; file: string }[] = [];
  for (const path of sourceFiles(SOURCES)) {
    const source = readFileSync(path, 'utf8');
    const file = relative(SOURCES, path);
    for (const call of source.matchAll(/\b(?:audit|writeAudit)\(/g)) {
      const text = callText(source, call.index + call[0].length - 1);
      const property = /\baction\s*(:|,|\})/.exec(text);
      if (!property) continue;
      const expression =
        property[1] === ':' ? propertyValue(text, property.index + property[0].length) : 'action';
      expect(expression, `${file}: an audit action is written out, not built from parts`).not.toContain('`');
      const names = [...expression.matchAll(/\b([A-Za-z_]\w*)\b/g)].map((match) => match[1]);
      const actions = [
        ...literals(expression),
        ...names.flatMap((name) => literals(constantText(source, name))),
      ];
      expect(actions.length, `${file}: no action found in ${expression.trim()}`).toBeGreaterThan(0);
      for (const action of actions) found.push({ action, file });
    }
  }
  return found;
}

describe('audit actions: every one the server writes has a Chinese name', () => {
  const written = writtenActions();

  it('finds the actions of every console area (the scan itself works)', () => {
    const actions = new Set(written.map((entry) => entry.action));
    for (const action of [
      'session.login',
      'course.publish',
      'administrator.enable',
      'member.grant_vip',
      'member.unlock',
      'order.refund',
      'role.delete',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(actions.size).toBeGreaterThan(40);
  });

  it('names each in AUDIT_ACTION_LABELS, in Chinese', () => {
    const unnamed = written.filter(({ action }) => !Object.hasOwn(AUDIT_ACTION_LABELS, action));
    expect(unnamed).toEqual([]);
    for (const label of Object.values(AUDIT_ACTION_LABELS))
      expect(label).toMatch(/^[\u4e00-\u9fff（）「」]+$/);
  });

  it('labels no action the server never writes (the table stays the list of what is written)', () => {
    const actions = new Set(written.map((entry) => entry.action));
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((action) => !actions.has(action))).toEqual([]);
  });

  it('shows a key of an older version as it is', () => {
    expect(auditActionLabel('order.refund')).toBe('订单退款');
    expect(auditActionLabel('old.thing')).toBe('old.thing');
  });
});
