import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { CUSTOMER_MESSAGES, customerInputSchema, fail, IMPORTS } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { LoadEntity } from '../loads/load.entity.js';
import { HeldReferences } from '../references/held-references.service.js';
import { CustomerEntity } from './customer.entity.js';
import { CUSTOMER_CONSTRAINTS } from './customers.errors.js';

/**
 * A customer its loads still use is never deleted: the user is told how many loads to move or delete first; nor
 * while another service's records name it (invoices, payments).
 */
@Injectable()
export class CustomersService extends CrudService<CustomerEntity, typeof customerInputSchema> {
  constructor(
    @InjectRepository(CustomerEntity) repository: Repository<CustomerEntity>,
    @InjectRepository(LoadEntity) private readonly loads: Repository<LoadEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly held: HeldReferences,
  ) {
    super(repository, events, {
      entity: 'customer',
      schema: customerInputSchema,
      constraints: CUSTOMER_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      imports: IMPORTS.customers,
    });
  }

  protected override async checkDelete(id: string) {
    const count = await this.loads.countBy({ customerId: id });
    return count ? fail('conflict', CUSTOMER_MESSAGES.hasLoads(count)) : this.held.refuseNamed('customer', id);
  }
}
