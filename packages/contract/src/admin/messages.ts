/** Message texts of account administration. Texts are exact where the spec gives them. */
export const adminText = {
  // secondary accounts
  secondariesTitle: 'Secondary Accounts',
  updateAdminsFailed: 'Update admins failed',
  updateAdminsConfirmTitle: 'Update Admins',
  updateAdminsConfirm: (account: string) =>
    `Dashboard admins can view the account information of ${account}. Save the checked secondaries as its dashboard admins?`,
  adminsUpdatedTitle: 'Admins Updated',
  adminsUpdated: (account: string) => `Dashboard admins of ${account} updated`,
  adminsList: 'Admins must be a comma-separated list of account IDs',
  noSecondaries: 'No secondary accounts',

  // secondary passwords
  secPasswordsTitle: 'Set Passwords for Secondaries',
  secPasswordTooShort: (logname: string) => `${logname}: Password must be at least 8 characters long`,
  /** A server message with this ending means the new password was found in a breach list. */
  breachedSuffix: 'data breaches.',
  /** A server message with this start means a change is still queued for that secondary. */
  alreadyPendingPrefix: 'Password change already pending',
  panelPasswordRequired: 'Enter your panel password',

  // contacts
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

  // circuits
  circuitsFor: (account: string) => `Circuits for ${account}`,
  serverFailure: (status: number) => `Server failure: ${status}`,
  getCircuitsFailed: 'Get Circuits failed',
  noCircuits: 'No circuits',

  // BUS accounts
  busAccountsTitle: 'BUS Accounts',
  getBusAccountsFailed: 'Get Bus Accounts failed',
  noBusAccounts: 'No BUS accounts',
} as const;

/** The admin screens' labels, columns and buttons (English as the screens have always read). */
export const adminScreenText = {
  ofAccount: (title: string, account: string) => `${title} of ${account}`,
  // Secondary Accounts
  colLogname: 'Logname',
  colAccountId: 'Account ID',
  colName: 'Name',
  colType: 'Type',
  colDashboardAdmin: 'Dashboard Admin',
  dashboardAdminOf: (logname: string) => `Dashboard admin: ${logname}`,
  adminsIntro: (account: string) => `A dashboard admin can view the account information of ${account}.`,
  updateAdmins: 'Update Admins',
  none: 'None',
  currentPassword: 'Your current password',
  cancel: 'Cancel',
  confirm: 'Confirm',
  /** Account type codes: 9 Email, 2 Network Auth, otherwise Shell (accountType). */
  accountType: (type: 'Email' | 'Network Auth' | 'Shell') => type,
  // Set Passwords for Secondaries
  panelPasswordOf: (operator: string) => `Panel password of ${operator}`,
  panelPasswordHelp: 'Your own members panel password, to confirm the changes',
  hide: 'Hide',
  show: 'Show',
  colNewPassword: 'New Password',
  colStatus: 'Status',
  loading: 'Loading…',
  newPasswordFor: (logname: string) => `New password for ${logname}`,
  changePasswords: 'Change Passwords',
  status: (status: SecPasswordStatus) => SEC_PASSWORD_STATUS[status],
  // Account Contacts
  colContact: 'Contact',
  addNewContact: 'Add New Contact',
  hasRestrictions: 'Has restrictions?',
  technicalContactQ: 'Technical Contact?',
  billingContactQ: 'Billing Contact?',
  /** A contact flag's word (flagText). */
  flag: (flag: 'Yes' | 'No' | 'Unknown') => flag,
  contactInfo: 'Contact Info',
  restrictions: 'Restrictions',
  editContact: 'Edit Contact',
  /** The edit contact form's button. */
  updateContact: 'Update',
  deleteContact: 'Delete Contact',
  delete: 'Delete',
  contactName: 'Contact Name',
  restricted: 'Restricted',
  technicalContact: 'Technical Contact',
  billingContact: 'Billing Contact',
  info: 'Info',
  restriction: 'Restriction',
  contactList: 'Contact List',
  // Circuits
  colLocation: 'Location',
  colServiceAddress: 'Service Address',
  colProvider: 'Provider',
  colSpeed: 'Speed',
  colActivation: 'Activation',
  // BUS Accounts
  colAccount: 'Account',
  colPlan: 'Plan',
  colTotalQuota: 'Total Quota',
  colPercentUsed: 'Percent Used',
  colActiveFiles: 'Active Files',
  colRetainedFiles: 'Retained Files',
  colNotes: 'Notes',
} as const;

/** Account type codes: 9 Email, 2 Network Auth, otherwise Shell. */
export function accountType(atCode: number): 'Email' | 'Network Auth' | 'Shell' {
  if (atCode === 9) return 'Email';
  if (atCode === 2) return 'Network Auth';
  return 'Shell';
}

/** Contact flags are the strings '1' and '0'; anything else shows Unknown. */
export function flagText(value: unknown): 'Yes' | 'No' | 'Unknown' {
  if (value === '1') return 'Yes';
  if (value === '0') return 'No';
  return 'Unknown';
}

export type SecPasswordStatus = 'waiting' | 'unchanged' | 'error' | 'pending' | 'already';

/** A secondary password row's status word. */
const SEC_PASSWORD_STATUS: Record<SecPasswordStatus, string> = {
  waiting: 'Waiting',
  unchanged: 'Unchanged',
  error: 'Error',
  pending: 'Change pending',
  already: 'Already pending',
};

/**
 * The row status for a server answer to a secondary password change: a message
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
