import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { eventsClientModule } from '@tms/service-kit';
import { ExpenseEntity } from './expense.entity.js';
import { ExpensesController } from './expenses.controller.js';
import { ExpensesService } from './expenses.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ExpenseEntity]), eventsClientModule()],
  controllers: [ExpensesController],
  providers: [ExpensesService],
})
export class ExpensesModule {}
