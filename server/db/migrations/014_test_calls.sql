-- Test calls (a plan's allow_test, the X-Test-Call header): they cost no clicks, so they are counted
-- apart from the clicks of the same usage row, and reports can tell them from paid use.
alter table usage_daily add column test_calls bigint not null default 0 check (test_calls >= 0);
