/**
 * Evaluates Nest's ES modules before any test file links. @nestjs/throttler is CommonJS and
 * require()s them; Jest links a test's imports (running CommonJS ones) before evaluating the ES
 * modules, which Node reports as a require(esm) cycle unless they are already evaluated.
 */
import '@nestjs/common';
import '@nestjs/core';
