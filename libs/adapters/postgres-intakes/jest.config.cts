module.exports = {
  displayName: 'postgres-intakes',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres-intakes',
};
