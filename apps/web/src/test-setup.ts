import '@testing-library/jest-dom/vitest';
import { instalarMensagensPtBr } from '@ceasa/shared/zod-pt';

instalarMensagensPtBr();
