/** One way to build a form: typed from the core contract, server errors beside the fields, one alert. */
export { FormAlert } from './form-alert';
export { useContractForm, type ContractFormOptions } from './use-contract-form';
