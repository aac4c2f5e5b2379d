const NO_LOGS_TITLE = 'No Logs available';
const NO_LOGS_BODY = 'It may take a few minutes before logs are available';

/** The devsite types: values of the API (hosting/calls.ts) as well as the choices shown. */
export const devsiteTypes = ['Empty Website', 'New WordPress Installation', 'Copy original website'] as const;

/** Message texts of the hosting area. Texts are exact where the spec gives them. */
export const hostingText = {
  // lists
  noWebsites: 'No Websites Found',
  noDomains: 'No Domains Found',
  noDatabases: 'No Databases Found',
  errorWebsiteList: 'Error getting website list',
  errorPhpList: 'Error getting php version list',

  // PHP version
  changePending: 'Change is already pending - please check back later',
  selectPhp: 'Select a new PHP version',
  chooseOption: 'Please choose an option',
  samePhp: 'This is the current version - no change will be made',
  downgradePhp: 'This is a downgrade: older PHP versions are slower and more prone to security issues',
  disablePhp: 'Choosing Disabled will disable PHP for this website',
  unknownPhp: 'Unknown PHP version',
  updateQueued: 'Update queued',
  changeSoon: 'Change will complete in a few minutes',
  errorQueuingPhp: 'Error queuing PHP change',
  pendingNotice: 'A change to this website is pending - updates are blocked until it completes',
  // Beyond the spec: the notice right after the customer's own change, and end of life.
  ownChangeQueued: (version: string) =>
    `Your change to PHP ${version} is queued - it will complete in a few minutes. This page updates by itself.`,
  phpEndOfLife: (version: string, date: string) =>
    `PHP ${version} stopped receiving security fixes on ${date}. Choose a supported version.`,
  endOfLifeBadge: 'End of life',

  // access
  permissionsProblem: 'Permissions problem',
  permissionsProblemBody: 'Permissions problem, contact the network operations team',
  vidNotFound: 'VID not found',
  problemsWithRequest: 'Problems with Request',

  // error logs
  logsOn: 'Error logs will be turned on in a few minutes',
  logsOff: 'Error logs will be turned off in a few minutes',
  logsAlreadyOn: 'Error logs are already on',
  logsAlreadyOff: 'Error logs are already off',
  showLogs: (virtname: string) => `Show Logs ${virtname}`,
  logsZeroRows: 'This may take a few minutes to be registered for viewing logs',
  totalRows: (n: number) => `Total Rows: ${n}`,
  newRows: (n: number) => `New Rows: ${n}`,
  /** One of the failure modals, written as "title - body": see noLogsTitle, noLogsBody. */
  noLogsAvailable: `${NO_LOGS_TITLE} - ${NO_LOGS_BODY}`,
  /** The Download of a log that has no line yet. */
  noLogsTitle: NO_LOGS_TITLE,
  noLogsBody: NO_LOGS_BODY,
  downloadLinkInvalid: 'This download link is invalid or has expired',
  noLogsFound: 'No logs found',
  logsFailedLine: (logname: string, uid: number | string, virtname: string, vid: number | string) =>
    `logname ${logname}, uid ${uid}, virtual name ${virtname}, vid ${vid}`,

  // web app install
  selectWebsite: 'Select a website',
  selectApp: 'Select an App',
  invalidSubdir: 'Use letters, digits, dot, dash and underscore, separated by /',
  installing: 'Installing ...',
  installFailed: 'Failed',
  noWebsiteForInstall: 'This account has no website. Please contact support to add web hosting.',
  noPendingInstalls: 'No pending installations',

  // devsites
  noEligibleWebsite:
    'No website is eligible for a new devsite: each website already has one, or the account has no website.',
  promoteWarning:
    'Promoting the devsite to live REPLACES the contents of the live website with the devsite. This cannot be undone.',
  refreshWarning:
    'Refreshing the devsite from the live site REPLACES the contents of the devsite with the live website. This cannot be undone.',
  devsiteSubmitted: 'Devsite request submitted',
  promoteSubmitted: 'Promote request submitted',
  refreshSubmitted: 'Refresh request submitted',
  requestToNoc: 'The network operations team will carry it out and contact you',
  devsiteExists: 'This website already has a devsite',

  // agent API (docs/hosting-agent.md)
  agentCredentials: 'Agent credentials required',
  notClaimed: 'Change is not claimed by this agent',
  notThisAgent: 'This website is not served by this agent',

  // screen labels (the websites and databases screens)
  websites: 'Websites',
  databases: 'Databases',
  columnWebsite: 'Website',
  columnPhp: 'PHP',
  columnSsl: 'SSL',
  details: 'Details',
  detailsOf: (virtname: string) => `Details of ${virtname}`,
  edit: 'Edit',
  editOf: (virtname: string) => `Edit ${virtname}`,
  errorLogs: 'Error Logs',
  toggle: 'Toggle',
  pending: 'Pending',
  on: 'On',
  off: 'Off',
  turnOnLogs: 'Turn on error logs',
  turnOffLogs: 'Turn off error logs',
  turnOnLogsOf: (virtname: string) => `Turn on error logs of ${virtname}`,
  turnOffLogsOf: (virtname: string) => `Turn off error logs of ${virtname}`,
  view: 'View',
  viewLogsOf: (virtname: string) => `View error logs of ${virtname}`,
  download: 'Download',
  downloadLogsOf: (virtname: string) => `Download error logs of ${virtname}`,
  webAppInstall: 'Web App Install',
  devsites: 'Devsites',
  columnDbName: 'DB Name',
  columnAdministration: 'Administration',
  phpMyAdminFor: (name: string) => `phpMyAdmin for ${name}`,
  // Devsites, Show Logs
  columnDomain: 'Domain',
  columnSiteName: 'Site Name',
  columnVid: 'VID',
  columnSetupDate: 'Setup Date',
  createDevsite: 'Create a Devsite',
  columnLog: 'Log',
  errorLog: 'Error log',
  back: 'Back',
  // Edit Website
  websiteDetails: 'Website Details',
  editWebsite: 'Edit Website',
  virtualName: 'Virtual name',
  documentRoot: 'Document root',
  currentPhp: 'Current PHP version',
  newPhp: 'New PHP version',
  update: 'Update',
  cancel: 'Cancel',
  // Web App Install
  columnApplication: 'Application',
  columnUrl: 'URL',
  columnState: 'State',
  pendingInstallations: 'Pending installations',
  application: 'Application',
  chooseApplication: 'Choose an application',
  website: 'Website',
  chooseWebsite: 'Choose a website',
  subdirectory: 'Subdirectory',
  subdirectoryHelp: "Under the website's document root",
  email: 'Email',
  emailHelp: 'Optional: told when the install is done',
  install: 'Install',
  // Create a Devsite, Devsite info
  createDevsiteTitle: 'Create a Devsite',
  viewDevsites: 'View Devsites',
  registerDomain: 'Register a Domain',
  whichWebsite: 'Which Website?',
  devsiteType: 'Dev Site Type',
  /** A devsite type as shown (the value sent stays the English one: devsiteTypes). */
  devsiteTypeLabel: (type: (typeof devsiteTypes)[number]) => type,
  contact: 'Contact',
  emailAddress: 'Email address',
  specialRequests: 'Special requests',
  setup: 'Setup',
  devsiteInfo: 'Devsite info',
  promoteDevsite: 'Promote Devsite to Live',
  refreshDevsite: 'Refresh Devsite from Live site',
  warning: 'Warning',
  close: 'Close',
  sslNo: 'No',
  sslOnly: 'SSL-only',
  sslYes: 'Yes',
} as const;
