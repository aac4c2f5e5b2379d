/** Message texts of account administration (spec 002 §2, §5, §6, §8). Texts are exact where the spec gives them. */
export const adminText = {
  // secondary accounts (spec 002 §2, §6, §8)
  secondariesTitle: 'Secondary Accounts',
  updateAdminsFailed: 'Update admins failed',
  updateAdminsConfirmTitle: 'Update Admins',
  updateAdminsConfirm: (account: string) =>
    `Dashboard admins can view the account information of ${account}. Save the checked secondaries as its dashboard admins?`,
  adminsUpdatedTitle: 'Admins Updated',
  adminsUpdated: (account: string) => `Dashboard admins of ${account} updated`,
  adminsList: 'Admins must be a comma-separated list of account IDs',
  noSecondaries: 'No secondary accounts',

  // secondary passwords (spec 002 §5, §7, §9)
  secPasswordsTitle: 'Set Passwords for Secondaries',
  secPasswordTooShort: (logname: string) => `${logname}: Password must be at least 8 characters long`,
  /** A server message with this ending means the new password was found in a breach list. */
  breachedSuffix: 'data breaches.',
  /** A server message with this start means a change is still queued for that secondary. */
  alreadyPendingPrefix: 'Password change already pending',
  panelPasswordRequired: 'Enter your panel password',

  // contacts (spec 002 §2, §4, §8)
  contactsTitle: 'Account Contacts',
  contactsInfoHeader: 'Info [Select row to see more information]',
  addContactTitle: 'Add Account Contact',
  editContactTitle: 'Edit Account Contact',
  addContactFailed: 'Add Contact Failed',
  cantFind: (id: string | number) => `Can't find ${id}`,
  getContactFailed: (id: string | number) => `Get Contact Failed ${id}`,
  editContactFailed: 'Edit Contact Failed',
  deletionFailed: 'Deletion failed',
  success: 'Success',
  deleted: (contact: string) => `Deleted ${contact}`,
  contactAdded: (contact: string) => `Added ${contact}`,
  contactUpdated: (contact: string) => `Updated ${contact}`,
  contactNotFound: 'Contact not found',
  noContacts: 'No contacts',
  deleteConfirm: (contact: string) => `Delete the contact ${contact}?`,
  readOnlyNote: (account: string) => `Dashboard admin view of ${account}: read only.`,

  // circuits (spec 002 §2, §8)
  circuitsFor: (account: string) => `Circuits for ${account}`,
  serverFailure: (status: number) => `Server failure: ${status}`,
  getCircuitsFailed: 'Get Circuits failed',
  noCircuits: 'No circuits',

  // BUS accounts (spec 002 §2, §8)
  busAccountsTitle: 'BUS Accounts',
  getBusAccountsFailed: 'Get Bus Accounts failed',
  noBusAccounts: 'No BUS accounts',
} as const;

/** Account type codes of spec 002 §9: 9 Email, 2 Network Auth, otherwise Shell. */
export function accountType(atCode: number): string {
  if (atCode === 9) return 'Email';
  if (atCode === 2) return 'Network Auth';
  return 'Shell';
}

/** Contact flags are the strings '1' and '0'; anything else shows Unknown (spec 002 §9). */
export function flagText(value: unknown): 'Yes' | 'No' | 'Unknown' {
  if (value === '1') return 'Yes';
  if (value === '0') return 'No';
  return 'Unknown';
}

export type SecPasswordStatus = 'waiting' | 'unchanged' | 'error' | 'pending' | 'already';

/**
 * The row status for a server answer to a secondary password change (spec 002 §7): a message
 * ending with "data breaches." is the breached error, one starting with "Password change already
 * pending" is already pending, any other refusal is an error.
 */
export function classifySecPasswordMessage(message: string): {
  status: SecPasswordStatus;
  breached: boolean;
} {
  const text = message.trim();
  if (text.endsWith(adminText.breachedSuffix)) return { status: 'error', breached: true };
  if (text.startsWith(adminText.alreadyPendingPrefix)) return { status: 'already', breached: false };
  return { status: 'error', breached: false };
}
