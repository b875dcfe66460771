import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REMITTANCE_CREDIT_ACTION, rpcSubject } from '@tms/contracts';
import { config, crudController, DeadlineInterceptor } from '@tms/service-kit';
import { RemittancesService } from './remittances.service.js';

export const RemittancesController = crudController('accounting', 'remittances', RemittancesService);

/** `{root}.accounting.remittances.credit`: a customer's credit left by their remittances (issue 46). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class RemittanceCreditController {
  constructor(private readonly remittances: RemittancesService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', 'remittances', REMITTANCE_CREDIT_ACTION))
  credit(@Payload() payload: unknown) {
    return this.remittances.credit(payload);
  }
}
