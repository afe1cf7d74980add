-- A hosted payment page may offer to keep the card (offer_save, the merchant's choice); the card is
-- kept only when the customer ticks the box (save_card), which is off by default.
alter table testgw_sessions add column offer_save boolean not null default false;
