-- Participants imported before 0020 have an empty parent name: take it from their registration (issue #24), so the
-- payment request and its mail greet the parent. Participants added late (no registration) keep the display rule of
-- participant-payment-source.ts.
UPDATE "participants" AS p
SET "parent_name" = trim(r."parent"->>'fullName')
FROM "registrations" AS r
WHERE p."registration_id" = r."id"
  AND p."parent_name" = ''
  AND coalesce(trim(r."parent"->>'fullName'), '') <> '';
