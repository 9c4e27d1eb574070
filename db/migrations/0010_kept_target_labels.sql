ALTER TABLE "commands" ADD COLUMN "target_label" text;--> statement-breakpoint
ALTER TABLE "station_messages" ADD COLUMN "recipient_label" text;--> statement-breakpoint
-- Rows sent before this migration keep the label their terminal has now, when the row's company
-- sees that terminal now (one of its tgids, owned or shared with it; an mtl attached to no
-- terminal); a terminal now in another company's tgid gives them none (docs/decisions/0019).
-- A row of no company (administrators' only) keeps any terminal's label.
WITH "seen" AS (
	SELECT tm."company_id", g."id" AS "tgid_id" FROM "tgids" g JOIN "teams" tm ON tm."id" = g."team_id"
	UNION SELECT tm."company_id", s."tgid_id" FROM "tgid_teams" s JOIN "teams" tm ON tm."id" = s."team_id"
)
UPDATE "station_messages" AS m
SET "recipient_label" = coalesce(t."device_label", mt."device_label")
FROM "mtls" AS mt LEFT JOIN "terminals" AS t ON t."device_id" = mt."device_id"
WHERE mt."imn" = m."recipient"
	AND coalesce(t."device_label", mt."device_label") IS NOT NULL
	AND (m."company_id" IS NULL OR mt."device_id" IS NULL OR EXISTS (
		SELECT 1 FROM "seen" WHERE "seen"."company_id" = m."company_id" AND "seen"."tgid_id" = t."tgid_id"));--> statement-breakpoint
-- Irext (1) and tracking (2) commands target a device id; the others an mtl's imn.
WITH "seen" AS (
	SELECT tm."company_id", g."id" AS "tgid_id" FROM "tgids" g JOIN "teams" tm ON tm."id" = g."team_id"
	UNION SELECT tm."company_id", s."tgid_id" FROM "tgid_teams" s JOIN "teams" tm ON tm."id" = s."team_id"
)
UPDATE "commands" AS c
SET "target_label" = t."device_label"
FROM "command_lists" AS l, "terminals" AS t
WHERE l."id" = c."list_id"
	AND c."generic_command_type" IN (1, 2)
	AND t."device_id" = CASE WHEN c."mt" ~ '^[0-9]{1,9}$' THEN c."mt"::integer END
	AND t."device_label" IS NOT NULL
	AND (l."company_id" IS NULL OR EXISTS (
		SELECT 1 FROM "seen" WHERE "seen"."company_id" = l."company_id" AND "seen"."tgid_id" = t."tgid_id"));--> statement-breakpoint
WITH "seen" AS (
	SELECT tm."company_id", g."id" AS "tgid_id" FROM "tgids" g JOIN "teams" tm ON tm."id" = g."team_id"
	UNION SELECT tm."company_id", s."tgid_id" FROM "tgid_teams" s JOIN "teams" tm ON tm."id" = s."team_id"
)
UPDATE "commands" AS c
SET "target_label" = coalesce(t."device_label", mt."device_label")
FROM "command_lists" AS l, "mtls" AS mt LEFT JOIN "terminals" AS t ON t."device_id" = mt."device_id"
WHERE l."id" = c."list_id"
	AND (c."generic_command_type" IS NULL OR c."generic_command_type" NOT IN (1, 2))
	AND mt."imn" = c."mt"
	AND coalesce(t."device_label", mt."device_label") IS NOT NULL
	AND (l."company_id" IS NULL OR mt."device_id" IS NULL OR EXISTS (
		SELECT 1 FROM "seen" WHERE "seen"."company_id" = l."company_id" AND "seen"."tgid_id" = t."tgid_id"));
