// Placeholder export until the screen lands (replaced by the project map screen).
const Pending = () => null;
export const ProjectMapScreen = Pending;
