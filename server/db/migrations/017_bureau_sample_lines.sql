-- Where each record of the test sample the server made is in the customer's file: pairs of
-- [line in the sample, line in the file], so the free test shows the file's line. Null for a test
-- file the customer gave (its lines are its own) and for samples made before.
alter table bureau_files add column test_lines jsonb;
