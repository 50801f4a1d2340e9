-- Every instance keeps the public catalogue and texts in memory (modules/public-cache) and must hear when
-- they change. A trigger on each table behind a public read says so on the channel public_data, whoever
-- writes: the back office, the seed, a job or a hand-made UPDATE. NOTIFY is transactional, so listeners
-- hear it only when the change commits, and never of one that rolls back.
CREATE OR REPLACE FUNCTION public_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_data', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER landing_contents_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON landing_contents FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER pages_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER instructions_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON instructions FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER regions_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON regions FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER age_groups_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON age_groups FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER tariffs_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tariffs FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER additional_programs_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON additional_programs FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER additional_program_offers_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON additional_program_offers FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER main_programs_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON main_programs FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER program_weeks_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON program_weeks FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
--> statement-breakpoint
CREATE TRIGGER lessons_public_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lessons FOR EACH STATEMENT EXECUTE FUNCTION public_data_changed();
