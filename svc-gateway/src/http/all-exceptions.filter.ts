import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { answerForError, sendAnswer } from './http-errors.js';
import { requestIdOf } from './request-ids.js';

/** The global exception filter: every error a route raises is answered by answerForError. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const answer = answerForError(exception, requestIdOf(response));
    if (response.headersSent) return;
    sendAnswer(response, answer);
  }
}
