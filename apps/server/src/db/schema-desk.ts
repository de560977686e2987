/**
 * The desk's tables, for Kysely (schema.ts holds them in `Database`): people enrolled at the desk
 * without an account, and the guests of a meeting (decisions 095 and 096).
 */

/**
 * A person enrolled at the desk without an account (migration 035, decision 095): their id
 * (`desk-<uuid>`) stands in the enrolment's rows until an account claims them.
 */
export interface DeskPeopleTable {
  id: string;
  display_name: string;
  /** Lower-cased; null: none given. */
  mail: string | null;
  /** As typed, normalised ("+55 21 97777-2222"); null: none given. */
  mobile_phone: string | null;
  /** The phone's digits, for finding the person by it. */
  phone_digits: string | null;
  /** SHA-256 (hex) of the claim code given to the person on paper. */
  claim_code_hash: string;
  /** The exact wording read to the person, who agreed in person. */
  consent_text: string;
  /** The staff member who recorded the consent. */
  consent_by: string;
  consent_at: string;
  /** The account that claimed the person's rows; null: not claimed. */
  claimed_by: string | null;
  claimed_at: string | null;
}

/** A guest of one meeting: came without a place (migration 035, decision 096). */
export interface MeetingGuestsTable {
  id: string;
  class_id: string;
  course_slug: string;
  meeting: number;
  name: string;
  added_by: string;
  added_at: string;
}
