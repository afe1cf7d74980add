-- The text encoding a bureau file is read in (utf-8, utf-16le, utf-16be, windows-1252): the one
-- detected from its first chunk, or the one the customer chose on the mapping page; and the one
-- detected. Files made before were read as UTF-8. test_encoding is that of a test file the customer
-- gave with the upload; null for the test sample the server made, which it stores as UTF-8.
alter table bureau_files add column encoding text not null default 'utf-8';
alter table bureau_files add column detected_encoding text not null default 'utf-8';
alter table bureau_files add column test_encoding text;
