const preset = require('../tools/jest/preset.cjs')(__dirname);

// react-router 7 needs TextEncoder at import time, which jsdom lacks; polyfilled locally until the shared preset does it.
module.exports = { ...preset, setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/jest.polyfills.cjs'] };
