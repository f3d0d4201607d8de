import type { RegistrationDetails, StaffMember } from '../../contract/consoleApiSchemas';

/**
 * What each part of a registration's page is given: the registration as read, who is signed in,
 * and how to read it again.
 */
export interface RegistrationViewProps {
  registration: RegistrationDetails;
  member: StaffMember;
  reload: () => void;
}
