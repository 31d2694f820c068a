/** WCAG 2.2 AA on every screen at 1440 × 900 (see axe-check.ts). */
import { defineAxeTests } from './axe-check';

defineAxeTests();
