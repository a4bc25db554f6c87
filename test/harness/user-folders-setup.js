'use strict';
module.exports = require('./user-folders').setup;
