/**
 * The assignee's badge (issue 44): a registration whose latest information request its applicant
 * answered, and on which no staff member has acted since the answer. Acting is what the staff
 * store: a change of state, assignee or fields (the history, where the applicant's own steps,
 * the answer's move back "in progress" among them, are by applicantActor) or a note; a new request
 * makes the latest one unanswered, a withdrawn one is not answered. Read from what is stored
 * (registration_requests.answered_at, the history, the notes): the badge goes once someone acts
 * on the registration, not once it is read.
 */
import { applicantActor } from './history';

/**
 * The column `applicant_answered`, for a query on `registrations`. An answer leaves the
 * registration "in progress" and any change of state since is acting on it: only those in progress
 * look for their latest request (by the index of migration 30).
 */
export const applicantAnsweredColumn = `registrations.state = 'in-progress' AND EXISTS (
    SELECT 1 FROM (
      SELECT answered_at FROM registration_requests
      WHERE registration_id = registrations.id ORDER BY id DESC LIMIT 1
    ) AS latest
    WHERE latest.answered_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM registration_history
        WHERE registration_id = registrations.id AND actor <> '${applicantActor}'
          AND at > latest.answered_at)
      AND NOT EXISTS (SELECT 1 FROM registration_notes
        WHERE registration_id = registrations.id AND at > latest.answered_at)
  ) AS applicant_answered`;
