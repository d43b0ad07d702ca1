import type { Response } from 'express';

/** Square's error body: every failure is a list of `{category, code, detail, field}`. */
export interface SquareApiError {
  category: 'AUTHENTICATION_ERROR' | 'INVALID_REQUEST_ERROR' | 'API_ERROR';
  code: string;
  detail: string;
  field?: string;
}

export function sendSquareErrors(res: Response, status: number, errors: SquareApiError[]): void {
  res.status(status).json({ errors });
}
