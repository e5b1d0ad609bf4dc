module.exports = {
  displayName: 'payments-stripe',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/payments-stripe',
};
