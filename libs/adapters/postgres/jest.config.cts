module.exports = {
  displayName: 'postgres',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres',
};
