-- Hand-written. Customers' names and emails from Google and the operator's base now follow the rules
-- of Settings (decision 068); these statements bring the rows stored before in line.
-- An email that could carry a second recipient or a header (a space, line break or other control, an
-- invisible character, a list or display-name sign, or not exactly one @) is replaced by an address
-- of the row's own in the `.invalid` domain, which no mail reaches, as a closed login's is; since that
-- address was never proven, the account's email counts as unverified. The next sync of a corrected
-- record brings the right one; until then the record is reported.
UPDATE "users"
SET "email" = 'unusable-' || "id" || '@unusable.invalid', "email_verified_at" = NULL, "updated_at" = now()
WHERE "email" ~ '[[:space:][:cntrl:],;<>()"\\\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]'
  OR "email" !~ '^[^@]+@[^@]+$';
--> statement-breakpoint
-- A name loses what Settings refuses in one: line breaks and tabs become spaces, other control
-- characters and the invisible and text-direction ones go, spaces are collapsed and trimmed. A name
-- with nothing left takes its email's local part, as a Google sign-in without a name does.
UPDATE "users"
SET "name" = coalesce(
    nullif(
      btrim(
        regexp_replace(
          regexp_replace(
            regexp_replace("name", '[\u0009-\u000d\u0085]', ' ', 'g'),
            '[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]',
            '',
            'g'
          ),
          '\s+',
          ' ',
          'g'
        )
      ),
      ''
    ),
    nullif(split_part("email", '@', 1), ''),
    'Customer'
  ),
  "updated_at" = now()
WHERE "name" ~ '[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]';
