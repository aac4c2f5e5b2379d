import type { RouteName } from '@portal/contract/routes';
import { navText } from '@portal/contract/shell/nav-messages';
import type { AccountScope } from '@portal/contract/session/call-refs';
import { t } from './language.ts';

/** A label of the navigation: the spec's English name, a key of its catalogue. */
export type NavLabel = keyof typeof navText;

/** A navigation label in the page's language. */
export const navLabel = (label: NavLabel): string => t(navText)[label];

/** The sidebar accordion of the shell. `link` items open an external address from /api/urls. */
export interface NavItem {
  label: NavLabel;
  route?: RouteName;
  params?: Record<string, string>;
  link?: string;
  staffOnly?: boolean;
  /**
   * The access policy's scope the screen's calls need on the account worked on: offered only when
   * the account-role answer lists it (`scopes`, computed by the server's policy), so no menu item
   * answers "Permission denied".
   */
  scope?: AccountScope;
}
export interface NavGroup {
  label: NavLabel;
  items: NavItem[];
}

export const NAV: NavGroup[] = [
  { label: 'Home', items: [{ label: 'Home', route: 'home' }] },
  {
    label: 'Info',
    items: [
      { label: 'Quick Reference', route: 'quickref' },
      { label: 'Subscribe to the Portal', route: 'subscribe-portal' },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'Account Summary', route: 'account-info' },
      { label: 'Set Account Address', route: 'account-addr' },
      { label: 'Account Contacts', route: 'contacts', scope: 'info' },
      { label: 'Secondaries', route: 'secondaries', scope: 'primary' },
      { label: 'Set Passwords for Secondaries', route: 'sec-passwords', scope: 'primary' },
      { label: 'Circuits', route: 'circuit-list', scope: 'info' },
      { label: 'BUS Accounts', route: 'ba-list', scope: 'info' },
      { label: 'Disk Usage', route: 'disk-usage' },
      { label: 'Set Email Password', route: 'change-email-password' },
      { label: 'Set Panel Password', route: 'change-panel-password' },
      { label: 'Authenticated Message', route: 'send-auth-msg' },
      { label: 'Set Recovery Addresses', route: 'recovery-contacts' },
      { label: 'Security', route: 'security' },
      { label: 'Account Activity', route: 'account-activity' },
      { label: 'API Tokens', route: 'api-tokens' },
      { label: 'Mail Passwords', route: 'mail-app-passwords', scope: 'own' },
      { label: 'Notifications', route: 'notifications' },
    ],
  },
  {
    label: 'Billing',
    items: [
      { label: 'Coworking Products', route: 'coworking-prods', staffOnly: true },
      { label: 'Set Billing Address', route: 'billing-addr', scope: 'billing' },
      { label: 'Make a Payment', route: 'make-payment', scope: 'billing' },
      { label: 'Add/Edit Credit Card', route: 'edit-cc', scope: 'billing' },
      { label: 'Set Statement Delivery', route: 'change-stmt-delivery', scope: 'statement' },
      { label: 'Recent Payments', route: 'recent-payments', scope: 'billing' },
      { label: 'Invoices', route: 'invoices', scope: 'billing' },
    ],
  },
  {
    label: 'Domains',
    items: [
      { label: 'Edit Domains', route: 'domain-list' },
      { label: 'Renew Domains', route: 'renew-domains' },
      { label: 'Domain Permissions', route: 'domain-permissions' },
      { label: 'Remove Permissions', route: 'remove-permissions' },
      { label: 'Whois Info', route: 'whois', params: { domain: 'domain' } },
      { label: 'Domain Help', route: 'dom-help' },
      { label: 'Domain FAQ', route: 'dom-faq' },
    ],
  },
  {
    label: 'Mail Tools',
    items: [
      { label: 'Domain Email Aliases', route: 'email-aliases' },
      { label: 'Temporary Email', route: 'temp-email' },
      { label: 'Temporary Email FAQ', route: 'temp-email-faq' },
      { label: 'Mailing Lists', route: 'mailing-lists' },
      { label: 'Anti-Spam & Forwarding', link: 'antispam' },
      { label: 'Autoresponder Setup', route: 'auto-responder' },
    ],
  },
  {
    label: 'Websites/Databases',
    items: [
      { label: 'Your Domains & Aliases', route: 'domain-usage' },
      { label: 'Your Websites', route: 'websites' },
      { label: 'Your Databases', route: 'databases' },
      { label: 'Install a Webapp', route: 'webappinstall' },
      { label: 'Devsites Summary', route: 'devsites' },
      { label: 'Create a Devsite', route: 'create-devsite' },
    ],
  },
  {
    label: 'Add Services',
    items: [
      { label: 'Register or Transfer Domain', route: 'domain-registration' },
      { label: 'Domain Registration Help', route: 'domain-registration-help' },
      { label: 'Add Secondary Accounts', route: 'add-secondaries', scope: 'primary' },
      { label: 'Add Web Hosting', route: 'add-webhosting' },
    ],
  },
  {
    label: 'Misc Tools',
    items: [
      { label: 'Generate Passwords', route: 'generate-passwords' },
      { label: 'Check Password', route: 'pwned' },
      { label: 'Hash Encryptor', route: 'md5' },
      { label: 'Encrypt using Base64', route: 'base64' },
      { label: 'Unix Time Tools', route: 'unix-time' },
    ],
  },
];

/** Resources menu of the top bar; CLBT is for staff only. */
export const RESOURCES: NavItem[] = [
  { label: 'Anti-Spam Filter', link: 'antispam' },
  { label: 'Forwarding & Autoresponders', link: 'forwarding' },
  { label: 'Support Wiki', link: 'wiki' },
  { label: 'Web-Building Resources', link: 'web_building' },
  { label: 'Web Directory Access Control', link: 'web_access' },
  { label: 'Secure Message Exchange', link: 'secure_message' },
  { label: 'Blog', link: 'blog' },
  { label: 'API Reference', route: 'api-reference' },
  { label: 'CLBT', link: 'clbt', staffOnly: true },
];

/** Admin Tools menu (staff): the staff admin area, user management, quick references, network reports. */
export const ADMIN_TOOLS: NavItem[] = [
  { label: 'Staff Admin Area', link: 'admin_db' },
  { label: 'Audit Area', link: 'admin_audit' },
  { label: 'User Management', link: 'user_mgmt' },
  { label: 'Quick References', route: 'quickref' },
  { label: 'Network Status Reports', link: 'network_reports' },
];

/**
 * Whether a nav item is for this user: staff-only items for staff; an item with a scope when the
 * account's `scopes` (the account-role answer) list it — not while they are unknown.
 */
export const navItemShown = (
  i: NavItem,
  u: { staff: boolean; scopes: readonly AccountScope[] | undefined },
) => (!i.staffOnly || u.staff) && (!i.scope || !!u.scopes?.includes(i.scope));
