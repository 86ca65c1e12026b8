import type { FeatureModule } from '../../kernel/module';
import { purgeExpiredRecords } from './purge';
import opsRoutes from './routes';

/** Health, readiness, metrics, the API reference and housekeeping. */
export const opsModule: FeatureModule = {
  name: 'ops',
  routes: [opsRoutes],
  jobs: [
    {
      name: 'purge-expired-records',
      description:
        'Delete login records whose token expired, SMS log rows older than 90 days and job runs older than 30 days',
      lockId: 72_530_050,
      intervalSeconds: 3600,
      run: (services, now) => purgeExpiredRecords(services.db, now),
    },
  ],
  migrations: ['0050_job_runs.sql'],
};
