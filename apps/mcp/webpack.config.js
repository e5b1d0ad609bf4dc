module.exports = require('../../tools/build/node-app.webpack')(__dirname);
