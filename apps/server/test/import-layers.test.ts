import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boundaryViolation,
  cycleViolation,
  readImportGraph,
  type ImportGraph,
} from '../../../scripts/lint/import-boundaries.mjs';

// The lint rule that keeps the server's layers (`npm test` runs ESLint over every file); here its
// judgements, so a rule that stopped refusing would fail.
const src = (file: string) => `apps/server/src/${file}`;

describe('server layers', () => {
  it('refuses an import that points up a layer', () => {
    expect(boundaryViolation(src('kernel/scheduler.ts'), src('modules/registry.ts'))).toBe(
      'server layers point down (config → shared → providers → kernel → modules → program): kernel may not import program (modules/registry.ts)',
    );
    expect(boundaryViolation(src('services.ts'), src('modules/media/media-service.ts'))).toMatch(
      /kernel may not import modules \(modules\/media\/media-service\.ts\)$/,
    );
    expect(boundaryViolation(src('modules/comments/routes.ts'), src('create-services.ts'))).toMatch(
      /modules may not import program \(create-services\.ts\)$/,
    );
    expect(boundaryViolation(src('modules/orders/index.ts'), src('cli/run-command.ts'))).toMatch(
      /modules may not import program/,
    );
    expect(boundaryViolation(src('providers/payment/sandbox.ts'), src('services.ts'))).toMatch(
      /providers may not import kernel/,
    );
    expect(boundaryViolation(src('shared/http/route.ts'), src('modules/admin/guard.ts'))).toMatch(
      /shared may not import modules/,
    );
    expect(boundaryViolation(src('config/env.ts'), src('shared/time.ts'))).toMatch(
      /config may not import shared/,
    );
  });

  it('lets every layer import its own and the ones below', () => {
    for (const [from, to] of [
      ['main.ts', 'modules/registry.ts'],
      ['cli/main.ts', 'create-services.ts'],
      ['modules/registry.ts', 'modules/ops/index.ts'],
      ['modules/orders/settle.ts', 'modules/credits/credit-records.ts'],
      ['modules/orders/index.ts', 'kernel/module.ts'],
      ['kernel/command.ts', 'services.ts'],
      ['services.ts', 'providers/sms/sms-sender.ts'],
      ['providers/sms/sms-sender.ts', 'shared/time.ts'],
      ['shared/auth/tokens.ts', 'config/env.ts'],
    ]) {
      expect(boundaryViolation(src(from), src(to))).toBeNull();
    }
  });

  it('keeps test support out of production code', () => {
    expect(boundaryViolation(src('app.ts'), 'apps/server/test/support/fakes/s3.ts')).toMatch(
      /production code never imports test support/,
    );
  });
});

describe('web app layers', () => {
  const h5 = (file: string) => `apps/h5/src/${file}`;

  it('refuses a feature or shared import of the top (the shell, the drawn first screen, the entry)', () => {
    expect(boundaryViolation(h5('features/home/pages/home.tsx'), h5('app/routes'))).toBe(
      'features never import src/app (data flows shared → features → app): move what they need to src/shared',
    );
    expect(
      boundaryViolation(h5('features/courses/pages/video.tsx'), h5('first-screen/first-screen')),
    ).toMatch(/^features never import src\/app/);
    expect(
      boundaryViolation(h5('shared/layout/screen-handover.ts'), h5('first-screen/first-screen')),
    ).toMatch(/^src\/shared never imports/);
    expect(boundaryViolation(h5('shared/ui/toast.ts'), h5('main'))).toMatch(/^src\/shared never imports/);
    expect(boundaryViolation(h5('shared/ui/toast.ts'), h5('features/home/api/queries'))).toMatch(
      /^src\/shared never imports/,
    );
    expect(boundaryViolation(h5('features/home/pages/home.tsx'), h5('features/courses/api/queries'))).toMatch(
      /^features never import each other/,
    );
  });

  it('lets the top import features and shared, and features import shared', () => {
    for (const [from, to] of [
      ['first-screen/first-screen.tsx', 'features/home/components/home-screen'],
      ['first-screen/first-screen.tsx', 'shared/layout/tab-bar-layout'],
      ['app/routes.tsx', 'features/courses/pages/video'],
      ['features/home/pages/home.tsx', 'shared/layout/screen-handover'],
      ['features/home/pages/home.tsx', 'features/home/api/queries'],
      ['features/home/pages/home.test.tsx', 'test/render-app'],
    ]) {
      expect(boundaryViolation(h5(from), h5(to))).toBeNull();
    }
  });
});

describe('import cycles', () => {
  const graph = (edges: Record<string, string[]>): ImportGraph => ({
    edges: new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)])),
  });

  it('refuses an import that closes a cycle of files, naming the way back', () => {
    const g = graph({
      'kernel/job.ts': ['services.ts'],
      'services.ts': ['kernel/module.ts'],
      'kernel/module.ts': ['kernel/job.ts'],
    });
    expect(cycleViolation(g, 'kernel/module.ts', 'kernel/job.ts')).toBe(
      'import cycle: kernel/module.ts → kernel/job.ts → services.ts → kernel/module.ts',
    );
  });

  it('refuses two features that import each other through different files', () => {
    const g = graph({
      'modules/courses/progress.ts': ['modules/credits/credit-records.ts'],
      'modules/courses/serialize.ts': [],
      'modules/credits/credit-records.ts': [],
      'modules/credits/tables.ts': ['modules/courses/serialize.ts'],
    });
    expect(cycleViolation(g, 'modules/credits/tables.ts', 'modules/courses/serialize.ts')).toBe(
      'import cycle between folders modules/credits/ and modules/courses/: modules/credits/tables.ts → modules/courses/serialize.ts, and modules/courses/progress.ts → modules/credits/credit-records.ts (one of them must stop importing the other)',
    );
  });

  it('lets files of one folder use each other one way, and folders form a chain', () => {
    const g = graph({
      'modules/courses/a.ts': ['modules/courses/b.ts', 'modules/media/ingest.ts'],
      'modules/courses/b.ts': [],
      'modules/media/ingest.ts': ['shared/db/database.ts'],
      'shared/db/database.ts': [],
    });
    expect(cycleViolation(g, 'modules/courses/a.ts', 'modules/courses/b.ts')).toBeNull();
    expect(cycleViolation(g, 'modules/courses/a.ts', 'modules/media/ingest.ts')).toBeNull();
  });

  it('reads every kind of import: values, types, re-exports, import() and augmentations', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-imports-'));
    try {
      fs.mkdirSync(path.join(dir, 'modules/a'), { recursive: true });
      const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
      write('services.ts', 'export interface AppServices { now: () => Date }\n');
      write('kernel.ts', "import type { AppServices } from './services';\nexport type S = AppServices;\n");
      write('modules/a/index.ts', "export * from './b';\nexport const load = () => import('./c');\n");
      write(
        'modules/a/b.ts',
        "declare module '../../services' {\n  interface AppServices { b: 1 }\n}\nexport {};\n",
      );
      write('modules/a/c.ts', "import '../../kernel';\n");
      write('modules/a/c.test.ts', "import '../../services';\n");
      const { edges } = readImportGraph(dir);
      expect(Object.fromEntries([...edges].map(([file, targets]) => [file, [...targets].sort()]))).toEqual({
        'services.ts': [],
        'kernel.ts': ['services.ts'],
        'modules/a/index.ts': ['modules/a/b.ts', 'modules/a/c.ts'],
        'modules/a/b.ts': ['services.ts'],
        'modules/a/c.ts': ['kernel.ts'],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds no cycle and no upward import in the server today', () => {
    const dir = path.resolve(import.meta.dirname, '../src');
    const { edges } = readImportGraph(dir);
    const found: string[] = [];
    for (const [from, targets] of edges) {
      for (const to of targets) {
        const reason = boundaryViolation(src(from), src(to)) ?? cycleViolation({ edges }, from, to);
        if (reason) found.push(`${from}: ${reason}`);
      }
    }
    expect(found).toEqual([]);
  });
});
