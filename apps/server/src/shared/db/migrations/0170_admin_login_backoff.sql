-- Wrong console passwords no longer lock the account (anyone could lock an owner out): they slow
-- down the (username, address) pair in the ephemeral store instead, so the account-wide counter
-- and lock go.
alter table administrators drop column failed_logins;
alter table administrators drop column locked_until;
