-- The `notifications` preference (spec 1 §3) has no behaviour in the specs and nothing sends
-- notifications: it leaves the model, and stored preferences drop it.
UPDATE "profiles" SET "preferences" = "preferences" - 'notifications' WHERE "preferences" ? 'notifications';
