-- Optional two-step verification (TOTP) of console administrators. `totp_last_step` is the last
-- accepted time step, so a code is accepted once even across nodes.
alter table administrators add column totp_secret text;
alter table administrators add column totp_enabled_at timestamptz;
alter table administrators add column totp_last_step bigint;
