export { BomScreen } from './bom-screen';
