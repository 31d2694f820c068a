/** WCAG 2.2 AA on every screen at 390 × 844 (see axe-check.ts). */
import { defineAxeTests } from './axe-check';

defineAxeTests();
