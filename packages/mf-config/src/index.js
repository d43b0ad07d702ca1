module.exports = { ...require('./shared'), ...require('./webpack'), ...require('./declarations') };
