package dev.brisk.benchmarks.serve.servletfilters;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A trivial servlet filter in front of the benchmark controller, as an application adds one: it sets a response
 * header and passes the request on. Boot registers the {@code Filter} bean for every path.
 */
@Configuration(proxyBeanMethods = false)
public class HeaderFilterConfiguration {

    /** The header the filter sets on every response. */
    public static final String HEADER = "x-filtered";

    @Bean
    Filter headerFilter() {
        return (request, response, chain) -> {
            ((HttpServletResponse) response).setHeader(HEADER, "yes");
            chain.doFilter(request, response);
        };
    }
}
