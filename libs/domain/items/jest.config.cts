module.exports = {
  displayName: 'domain-items',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/items',
};
