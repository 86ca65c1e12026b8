import type { FeatureModule } from '../../kernel/module';
import { migrateMeeduCommand } from './command';

/** `migrate:meedu`: a MeEdu school's MySQL database moved into an empty Kezhan, ids kept. */
export const meeduImportModule: FeatureModule = {
  name: 'meedu-import',
  commands: [migrateMeeduCommand],
  migrations: ['0191_meedu_import.sql'],
};
