package dev.brisk.benchmarks.faults.shop;

import dev.brisk.rpc.Idempotent;
import dev.brisk.rpc.RpcService;

/**
 * The next version of {@link OrderService} under the same wire name: every method of the first and one more, so a
 * fleet half upgraded has providers that offer it and providers that do not.
 */
@RpcService(OrderService.NAME)
public interface OrderServiceV2 extends OrderService {

    /** How many orders a customer has, by status. */
    @Idempotent
    OrderSummary summarize(String customerId);
}
