-- The shop's people sign in with a code by SMS to the phone number the owner gave them: each owner,
-- staff member or rider whose profile holds a number that no other account signs in with gets it as
-- the account's sign-in number. A number two of them share, or one a customer already signs in
-- with, is left alone (the owner adds that person again by phone).
UPDATE "user" u
SET "phone_number" = p."phone", "phone_number_verified" = false
FROM "profiles" p
WHERE p."id" = u."id"
  AND p."role" IN ('owner', 'staff', 'rider')
  AND u."phone_number" IS NULL
  AND p."phone" LIKE '+254%'
  AND NOT EXISTS (SELECT 1 FROM "user" o WHERE o."phone_number" = p."phone")
  AND (SELECT count(*) FROM "profiles" q WHERE q."phone" = p."phone" AND q."role" IN ('owner', 'staff', 'rider')) = 1;
