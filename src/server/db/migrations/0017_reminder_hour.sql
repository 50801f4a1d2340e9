ALTER TABLE "regions" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_hour" smallint DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reminder_hour_check" CHECK ("users"."reminder_hour" between 8 and 20);--> statement-breakpoint
-- The regions' time zones, for a database seeded before this release; a new one gets them from the seed
-- (db/seed/data/region-time-zones.ts).
UPDATE "regions" SET "time_zone" = 'Europe/Kaliningrad' WHERE "code" IN ('RU-KGD');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Europe/Samara' WHERE "code" IN ('RU-SAM', 'RU-UD');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Europe/Astrakhan' WHERE "code" IN ('RU-AST');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Europe/Saratov' WHERE "code" IN ('RU-SAR');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Europe/Ulyanovsk' WHERE "code" IN ('RU-ULY');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Yekaterinburg' WHERE "code" IN ('RU-BA', 'RU-KGN', 'RU-ORE', 'RU-PER', 'RU-SVE', 'RU-TYU', 'RU-CHE', 'RU-KHM', 'RU-YAN');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Omsk' WHERE "code" IN ('RU-OMS');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Novosibirsk' WHERE "code" IN ('RU-NVS');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Barnaul' WHERE "code" IN ('RU-ALT', 'RU-AL');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Tomsk' WHERE "code" IN ('RU-TOM');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Novokuznetsk' WHERE "code" IN ('RU-KEM');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Krasnoyarsk' WHERE "code" IN ('RU-KYA', 'RU-TY', 'RU-KK');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Irkutsk' WHERE "code" IN ('RU-IRK', 'RU-BU');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Chita' WHERE "code" IN ('RU-ZAB');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Yakutsk' WHERE "code" IN ('RU-SA', 'RU-AMU');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Vladivostok' WHERE "code" IN ('RU-PRI', 'RU-KHA', 'RU-YEV');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Sakhalin' WHERE "code" IN ('RU-SAK');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Magadan' WHERE "code" IN ('RU-MAG');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Kamchatka' WHERE "code" IN ('RU-KAM');
--> statement-breakpoint
UPDATE "regions" SET "time_zone" = 'Asia/Anadyr' WHERE "code" IN ('RU-CHU');
