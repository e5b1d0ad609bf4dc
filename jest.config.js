const { getJestProjectsAsync } = require('@nx/jest');

/** Every project's tests in one Jest run (`npm run test:all`). */
module.exports = async () => ({ projects: await getJestProjectsAsync() });
