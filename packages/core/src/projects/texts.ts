/** User-visible texts of the project screens, verbatim from spec 1 (spellings included). */
export const PROJECT_TEXT = {
  createLoadFailed: 'Failed to get project create data, please try again later.',
  detailsLoadFailed: 'Failed to get project details, please try again later.',
  mandatory: 'Ensure all manadatory fields have been provided.',
  autoFillToday: 'Auto Fill Today',
  quickAdd: 'Quick Add',
  noSiteContacts: 'No Site Contacts Saved',
  addContact: 'Add Contact',
  removeContact: 'Remove Contact',
  newContact: 'New',
  defaultShiftReason: 'Site Attendance',
  adminChangeNotice: 'Pending tasks will be reassigned to the new administrator.',
  dateChangeQuestion: 'The project dates have changed. Do you want to record this as an official shift?',
  mustAssignProvider: 'You must assign a service provider to update the project service provider!',
  nameRequired: 'The project name field is required.',
  startRequired: 'The start date field is required.',
  endRequired: 'The end date field is required.',
  endBeforeStart: 'The end date must be a date after or equal to the start date.',
  dateFormat: 'The date must be in the format YYYY-MM-DDTHH:mm.',
  dateNotReal: 'The date must be a real date and time: a day of its month, hours 00 to 23.',
  managerRequired: 'The project manager field is required.',
  administratorRequired: 'The project administrator field is required.',
  categoriesRequired: 'The categories field is required.',
  servicesRequired: 'The services field is required.',
  serviceNotInCategories: 'A selected service does not belong to the selected categories.',
  clientRequired: 'The client field is required.',
  accountManagerRequired: 'The account manager field is required.',
  accountManagerInvalid: 'The account manager must be an active account manager of the client.',
  orderReferenceRequired: 'The order reference field is required.',
  siteContactNameRequired: 'The site contact name field is required.',
  streetRequired: 'The street field is required.',
  suburbRequired: 'The suburb field is required.',
  stateRequired: 'The state field is required.',
  postcodeRequired: 'The postcode field is required.',
  notFoundOption: 'The selected value is invalid.',
  statusTransition: 'The project cannot move from {from} to {to}.',
  deleted: 'Project deleted.',
  saved: 'Project saved.',
  created: 'Project created.',
} as const;

export const DETAIL_DATE_FORMAT = 'dddd, Do MMMM YYYY';
export const DETAIL_DATE_TIME_FORMAT = 'dddd, Do MMMM YYYY h:mm A';
export const SEARCH_DATE_FORMAT = 'DD-MM-YY';
/** What date inputs send and receive (local time of the tenant). */
export const INPUT_DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';
